"""Every rule a refusal can name, by area: each member has a stable slug (the API's ``rule``)
and one English sentence with its names as ``%(name)s``, said in the reader's language by
``legacy.wording.said``."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop
from legacy.refusals.bring_in import BringInRule
from legacy.refusals.entries import EntryRule
from legacy.refusals.odds import OddsRule
from legacy.refusals.services import ServiceRule
from legacy.refusals.table import TableRule

ALL_RULES: tuple[Refusal, ...] = (*BringInRule, *EntryRule, *OddsRule, *ServiceRule, *TableRule)
BY_SLUG: dict[str, Refusal] = {rule.value: rule for rule in ALL_RULES}

__all__ = [
    "ALL_RULES",
    "BY_SLUG",
    "BringInRule",
    "EntryRule",
    "OddsRule",
    "Refusal",
    "ServiceRule",
    "TableRule",
    "gettext_noop",
]
