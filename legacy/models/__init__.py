"""The durable world: every mark is a row.

A Risk Legacy box is a ledger written in stickers and ink. Each sticker placed, name written or
card torn up happens in a known game (0 = before the first game) and is never erased, only
covered. So each row here says what the mark is, where it sits, in which game it was placed and
by whom, and, once covered or cancelled, in which game it stopped counting and why.

A mark entered by mistake is not deleted either: a correction voids it (``voided``), usually
replacing it with a corrected row, and records who, when and why (``Correction``). Voided rows
never count, in any game; removed rows count up to the game that removed them.

Invariants that the database can hold are also named constraints, a backstop under the rules
that the services check first with player-friendly messages.

``mark`` holds what every mark is, ``marks`` the marks on the board and the cards, ``unlocks``
what the packets unlocked and the campaign's own box, ``corrections`` the fixing of mistakes.
Every public name is here too, so ``from legacy.models import City`` is the way in (and Django
finds the models through this package).
"""

from legacy.models.board import AddedConnection, AddedTerritory
from legacy.models.corrections import (
    MARK_MODELS,
    Correction,
)
from legacy.models.mark import (
    ACTIVE,
    CAMPAIGN,
    CONTINENT_SLUGS,
    PLAYER,
    TERRITORY_SLUGS,
    BroughtIn,
    Mark,
    MarkQuerySet,
    PowerType,
    RemovedReason,
    faction_label,
    power_type_label,
    territory_check,
)
from legacy.models.marks import (
    BonusChange,
    City,
    CityKind,
    CoinSticker,
    ContinentName,
    DestroyedCard,
    FactionPower,
    Fortification,
    PacketOpening,
    Scar,
    ScarColour,
    ScarKind,
    Signature,
    UnlockedFaction,
    WorldName,
)
from legacy.models.unlocks import (
    ContentKind,
    Deck,
    DeckCard,
    MarkKind,
    OtherMark,
    RuleSticker,
    SealedComponent,
    StockAllowance,
    TradeRate,
    UnlockedContent,
)

__all__ = [
    "BroughtIn",
    "AddedTerritory",
    "AddedConnection",
    "ScarColour",
    "CAMPAIGN",
    "PLAYER",
    "TERRITORY_SLUGS",
    "CONTINENT_SLUGS",
    "faction_label",
    "ACTIVE",
    "MarkQuerySet",
    "PowerType",
    "RemovedReason",
    "power_type_label",
    "Mark",
    "territory_check",
    "CityKind",
    "City",
    "ScarKind",
    "Scar",
    "Fortification",
    "CoinSticker",
    "DestroyedCard",
    "ContinentName",
    "BonusChange",
    "FactionPower",
    "PacketOpening",
    "UnlockedFaction",
    "Signature",
    "WorldName",
    "ContentKind",
    "UnlockedContent",
    "MarkKind",
    "OtherMark",
    "SealedComponent",
    "RuleSticker",
    "Deck",
    "DeckCard",
    "StockAllowance",
    "TradeRate",
    "Correction",
    "MARK_MODELS",
]
