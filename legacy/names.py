"""The names of the board and the box in the languages Earthbook speaks (English and Russian).

English is what ``legacy.board`` and ``legacy.box`` hold. The Russian territory and continent
names are the usual Russian geographic names; the factions are named as the Russian rulebook
names them. Anything a group named itself (a city, a continent, a faction a packet added) keeps
the group's own words and is never looked up here.
"""

from __future__ import annotations

from legacy import board
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG

LANGUAGES = ("en", "ru")
DEFAULT = "en"

RU_TERRITORIES = {
    "alaska": "Аляска",
    "northwest-territory": "Северо-Западная территория",
    "greenland": "Гренландия",
    "alberta": "Альберта",
    "ontario": "Онтарио",
    "eastern-canada": "Восточная Канада",
    "western-united-states": "Запад США",
    "eastern-united-states": "Восток США",
    "central-america": "Центральная Америка",
    "venezuela": "Венесуэла",
    "brazil": "Бразилия",
    "peru": "Перу",
    "argentina": "Аргентина",
    "iceland": "Исландия",
    "great-britain": "Великобритания",
    "scandinavia": "Скандинавия",
    "northern-europe": "Северная Европа",
    "russia": "Россия",
    "western-europe": "Западная Европа",
    "southern-europe": "Южная Европа",
    "north-africa": "Северная Африка",
    "egypt": "Египет",
    "east-africa": "Восточная Африка",
    "central-africa": "Центральная Африка",
    "south-africa": "Южная Африка",
    "madagascar": "Мадагаскар",
    "middle-east": "Ближний Восток",
    "afghanistan": "Афганистан",
    "ural": "Урал",
    "siberia": "Сибирь",
    "yakutsk": "Якутск",
    "kamchatka": "Камчатка",
    "irkutsk": "Иркутск",
    "mongolia": "Монголия",
    "japan": "Япония",
    "china": "Китай",
    "india": "Индия",
    "southeast-asia": "Юго-Восточная Азия",
    "indonesia": "Индонезия",
    "new-guinea": "Новая Гвинея",
    "western-australia": "Западная Австралия",
    "eastern-australia": "Восточная Австралия",
}

RU_CONTINENTS = {
    "north-america": "Северная Америка",
    "south-america": "Южная Америка",
    "europe": "Европа",
    "africa": "Африка",
    "asia": "Азия",
    "australia": "Австралия",
}

RU_FACTIONS = {
    "die-mechaniker": "Мертвые машины",
    "enclave-of-the-bear": "Анклав со знаком медведя",
    "imperial-balkania": "Балканская империя",
    "khan-industries": "Индустриальные ханы",
    "saharan-republic": "Сахарская Республика",
}

# The box's starting powers in Russian: (faction, code) -> (name, text). The cards print no
# names: a name here is a plain description of what the power does.
RU_POWERS = {
    ("die-mechaniker", "a"): (
        "Стартовый штаб укреплён",
        "Когда вы защищаете свой стартовый штаб, он считается укреплённым.",
    ),
    ("die-mechaniker", "b"): (
        "Две натуральные 6-ки останавливают атаки",
        "Если при защите у вас выпали две натуральные шестёрки (без бонусов), эту территорию "
        "больше никто не может атаковать до конца хода.",
    ),
    ("enclave-of-the-bear", "a"): (
        "−1 к меньшему кубику защитника",
        "В первой территории, которую вы атакуете за ход, защитник вычитает 1 из своего "
        "меньшего кубика.",
    ),
    ("enclave-of-the-bear", "b"): (
        "Три одинаковых завоёвывают",
        "Если при атаке у вас на трёх кубиках одинаковые значения и хотя бы один защитник убит, "
        "вы завоёвываете территорию. Уберите все обороняющиеся войска.",
    ),
    ("imperial-balkania", "a"): (
        "Набор войск с округлением вверх",
        "Когда при наборе войск вы делите территории и население на 3, округляйте вверх.",
    ),
    ("imperial-balkania", "b"): (
        "Карта после 4+ расширений",
        "Если за ход вы заняли 4 или больше территорий, никого не завоевав, вы всё равно берёте "
        "карту ресурса.",
    ),
    ("khan-industries", "a"): (
        "Войско на каждый штаб",
        "В начале своего хода добавьте по одному войску на каждую территорию со штабом, которую "
        "вы контролируете.",
    ),
    ("khan-industries", "b"): (
        "Войско с картой территории",
        "Когда вы берёте карту территории, которую контролируете, можете добавить туда одно "
        "войско.",
    ),
    ("saharan-republic", "a"): (
        "Манёвр в любой момент",
        "Свой манёвр вы можете сделать в любой момент своего хода.",
    ),
    ("saharan-republic", "b"): (
        "Манёвр между любыми двумя",
        "Ваш манёвр может связать любые две ваши территории, соединены они или нет.",
    ),
}

RU_SCARS = {"bunker": "Бункер", "ammo-shortage": "Нехватка боеприпасов"}

RU_PACKETS = {
    "pack-1": "Пакет 1",
    "pack-2": "Пакет 2",
    "pack-3": "Пакет 3",
    "pack-4": "Пакет 4",
    "pocket-1": "Кармашек 1",
    "pocket-2": "Кармашек 2",
}

# The few words a board picture writes besides names.
PICTURE_WORDS = {
    "en": {
        "continents": "Continents",
        "winners": "Winners",
        "world": "The World of {name}",
        "before": "{campaign} \u2014 before the first game",
        "after": "{campaign} \u2014 after game {number}",
        "legend": "Legend",
        "capital": "World Capital (5)",
        "scar_cancelled": "White sticker: scar cancelled",
        "hidden": "(hidden)",
    },
    "ru": {
        "continents": "Континенты",
        "winners": "Победители",
        "world": "Мир \u00ab{name}\u00bb",
        "before": "{campaign} \u2014 перед первой игрой",
        "after": "{campaign} \u2014 после игры {number}",
        "legend": "Условные знаки",
        "capital": "Всемирная столица (5)",
        "scar_cancelled": "Белая наклейка: шрам отменён",
        "hidden": "(скрыто)",
    },
}


def language_of(code: str | None) -> str:
    """One of ``LANGUAGES`` for a language code such as ``ru``, ``ru-RU`` or ``en-gb``."""
    base = (code or "").split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def territory(slug: str, language: str | None = DEFAULT) -> str:
    if language_of(language) == "ru" and slug in RU_TERRITORIES:
        return RU_TERRITORIES[slug]
    t = board.TERRITORY_BY_SLUG.get(slug)
    return t.name if t else slug


def continent(slug: str, language: str | None = DEFAULT) -> str:
    if language_of(language) == "ru" and slug in RU_CONTINENTS:
        return RU_CONTINENTS[slug]
    c = board.CONTINENT_BY_SLUG.get(slug)
    return c.name if c else slug


def faction(slug: str, language: str | None = DEFAULT) -> str:
    """A faction of the box by its slug; a slug the box does not know is returned as it is."""
    if language_of(language) == "ru" and slug in RU_FACTIONS:
        return RU_FACTIONS[slug]
    f = FACTION_BY_SLUG.get(slug)
    return f.name if f else slug


def packet(slug: str, language: str | None = DEFAULT) -> str:
    """A sealed packet of the box by its slug (its name on the packet, never its content)."""
    if language_of(language) == "ru" and slug in RU_PACKETS:
        return RU_PACKETS[slug]
    p = PACKET_BY_SLUG.get(slug)
    return p.name if p else slug


def base_scar(slug: str, name: str, language: str | None = DEFAULT) -> str:
    """A scar type of the box in ``language``; ``name`` (as stored) for any other."""
    if language_of(language) == "ru" and slug in RU_SCARS:
        return RU_SCARS[slug]
    return name


def power(faction: str, code: str, name: str, text: str, language: str | None = DEFAULT):
    """(name, text) of a power in ``language``: the box's starting powers are translated; a
    power a group entered keeps its own words."""
    if language_of(language) == "ru" and (faction, code) in RU_POWERS:
        return RU_POWERS[(faction, code)]
    return name, text


def picture_words(language: str | None = DEFAULT) -> dict[str, str]:
    return PICTURE_WORDS[language_of(language)]
