"""Dr. Octavius: a production that activates one of his Powerhouses may take drops from two or more dams
(his own and/or neutral ones) connected to it by conduits; each dam's drops run through its own conduit.

production.py asks for the first dam as usual, then offers more dams into the same Powerhouse.
Decision (UNVERIFIED: the Energy of several dams is not printed): the Energy is the sum over the dams of
drops x that dam's conduit value, then the action's bonus and the company bonus once; each opponent's conduit
costs 1 credit per drop through it, as usual. With Germany only the first of the two productions may use
several dams (printed). With Japan's chains in force each further dam may come through a chain too, under
Japan's restrictions (production.sources, production.joins): a chain's linking dams are no sources.
Decision: the chains themselves are Japan's ability; he does not give them to another company (his
"through several systems" is read as the several dams' own systems into the one powerhouse).

Mahiri copying him: it applies to a production of her extra action.

A Very Hard Automa with him: automa/officer_octavius.py; his Base preference: automa/officers.py.
"""

from .base import Officer


class Octavius(Officer):
    id = "octavius"
    several_dams = True
