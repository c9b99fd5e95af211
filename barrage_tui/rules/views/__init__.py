"""Views: what a client shows of a game, as typed read-only data worked out by the rules core (a client reads
these, never the raw state or the words of a prompt or an event)."""
