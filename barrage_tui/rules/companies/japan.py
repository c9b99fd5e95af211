"""Japan: connection chains. From its 3rd Powerhouse, a production may start from a dam (own or neutral)
linked to the activated Powerhouse through a chain of Japan's own systems - production.py walks the paths
(``_paths_from``, ``link_dam``) and prices them (``path_value``, ``tolls``).

Japan's board rules, in force all game (Elevations paid in Excavators, an Elevation without a Base, dams at
most height 2), are data: its companies.toml entry, read as ``Company.construction`` by build_spaces.py and
build_costs.py.
"""

from .base import Ability


class ConnectionChains(Ability):
    id = "connection_chains"
    production_chains = True
