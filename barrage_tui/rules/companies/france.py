"""France: a contract fulfilled with the Energy of a production action needs ``ability_amount`` (3) less
(national contracts too; not Energy from tiles or other effects)."""

from .base import Ability


class CheaperContracts(Ability):
    id = "contracts_minus_3"
    contract_reduction = True
