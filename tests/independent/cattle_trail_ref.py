"""An independent DROVER'S AUTUMN engine, written from the card alone.

A test oracle, not fast code: every step of THE DAY is spelled out in the card's order, with the
card's words beside it, so that a reader can check it against `cattle-trail.md` line by line. It
was written without reading cardgm's cattle_trail rules, state, notation or reach modules; where
the card can be read two ways it follows docs/rulings.md (DROVER'S AUTUMN, Part 1), and says which
ruling. tests/independent/test_cattle_trail_differential.py plays it against cardgm.

Actions are one reply each: an `Act` is the morning's business (possibly none) and the day's
order (possibly none: business alone uses no day), or "turn for home".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

# DICE TAPE (d20, seed cattle-trail:1.0.0), as printed. "day n reads value n".
TAPE: tuple[int, ...] = tuple(
    int(v)
    for v in (
        "16 3 6 5 18 11 9 2 9 8 15 1 8 12 8 3 6 18 6 15 7 1 15 4 12 7 1 19 20 6 9 13 7 8 4 3 17 5 17 12"
    ).split()
)



def derive_tape(seed: str, n: int = 40) -> tuple[int, ...]:
    """shared/cards/README.md: FNV-1a 32 of the seed's UTF-8 bytes, then mulberry32, d20 =
    floor(u * 20) + 1."""
    h = 2166136261
    for b in seed.encode("utf-8"):
        h = ((h ^ b) * 16777619) % 2**32
    a, out = h, []
    for _ in range(n):
        a = (a + 0x6D2B79F5) % 2**32
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) % 2**32
        t = t ^ ((t + ((t ^ (t >> 7)) * (t | 61)) % 2**32) % 2**32)
        u = (t ^ (t >> 14)) / 2**32
        out.append(int(u * 20) + 1)
    return tuple(out)


TRYST = 179
KYLE, FORD, BRIDGE = 12, 57, 118
INN, SMIDDY, TOWN = 33, 90, 143
STORES = (INN, SMIDDY, TOWN)
# "Every numbered place is a landmark." 13, 58 and 119 are far banks, not numbered (ruling 15).
LANDMARKS = (0, KYLE, INN, FORD, SMIDDY, BRIDGE, TOWN, TRYST)

# PACE: miles, shift to the value, FLESH, WEAR.
PACES: dict[str, tuple[int, int, int, int]] = {
    "EASY": (8, +3, +1, 0),
    "STEADY": (12, 0, 0, 0),
    "PUSH": (16, -4, -1, +1),
}
MARCHES = tuple(PACES)
HANDS = ("Ewan", "Calum")
HIRES = ("Hector", "Morag")

# LEDGER: "else the leg (island shore glen pass moss strath lowroad)". (start, end, token).
LEGS = (
    (0, 12, "island"),
    (13, 33, "shore"),
    (33, 57, "glen"),
    (58, 90, "pass"),
    (90, 118, "moss"),
    (119, 143, "strath"),
    (143, 179, "lowroad"),
)
PLACES = {0: "township", KYLE: "kyle", FORD: "ford", BRIDGE: "bridge", INN: "inn",
          SMIDDY: "smiddy", TOWN: "town", TRYST: "tryst"}


def leg_at(mile: int) -> str:
    """The leg a march from `mile` walks: the leg that starts at or before it (ruling 15)."""
    for start, end, name in LEGS:
        if start <= mile < end:
            return name
    raise ValueError(f"no leg at mile {mile}")


def place_token(mile: int) -> str:
    return PLACES.get(mile) or leg_at(mile)


def next_landmark(mile: int) -> int:
    return min(m for m in LANDMARKS if m > mile)


def sky(raw: int) -> str:
    """THE DAY 3: "SKY from the raw value: 1–2 STORM, 3–5 RAIN, 6–20 FAIR"."""
    if raw <= 2:
        return "STORM"
    if raw <= 5:
        return "RAIN"
    return "FAIR"


def band(value: int) -> str:
    """THE DAY 4: "1–4 BAD, 5–9 HARD, 10–15 FAIR, 16–20 GOOD"."""
    if value <= 4:
        return "BAD"
    if value <= 9:
        return "HARD"
    if value <= 15:
        return "FAIR"
    return "GOOD"


def per_ten(head: int) -> int:
    """ "1 silver per 10 head or part"."""
    return -(-head // 10)


def clamp(x: int, lo: int, hi: int) -> int:
    return max(lo, min(hi, x))


@dataclass(frozen=True)
class Drove:
    turn: int = 1
    day: int = 1
    mile: int = 0
    head: int = 60
    flesh: int = 6
    meal: int = 8
    silver: int = 20
    wear: int = 0
    spate: int = 1
    shod: bool = False
    hands: tuple[str, ...] = HANDS  # hands on their feet, in crew order (Ewan, Calum, hires)
    bran: bool = True
    laid: tuple[str, ...] = ()
    hired: int = 0
    tape: int = 0  # values read
    end: str | None = None
    score: int = 0

    # "Clamp to each range after every change; HEAD and SILVER never below 0."
    def add(self, **deltas: int) -> Drove:
        s = self
        for name, d in deltas.items():
            v = getattr(s, name) + d
            if name == "flesh":
                v = clamp(v, 0, 6)
            elif name == "meal":
                v = clamp(v, 0, 12)  # the bag holds 12; every change is clamped (ruling 8)
            elif name == "wear":
                v = clamp(v, 0, 5)
            elif name == "spate":
                v = clamp(v, 0, 3)
            elif name in ("head", "silver"):
                v = max(0, v)
            s = replace(s, **{name: v})
        return s

    @property
    def crew(self) -> tuple[str, ...]:
        """ "crew = those on their feet": you, Ewan and Calum, Bran, then hires "at the end of the
        crew" (ruling 9)."""
        olds = [h for h in self.hands if h in HANDS]
        hires = [h for h in self.hands if h in HIRES]
        return ("you", *olds, *(["Bran"] if self.bran else []), *hires)


@dataclass(frozen=True)
class Act:
    """One reply's worth: business errands (in any order; they run in ruling 7's order) and the
    day's order. `order` is one of EASY STEADY PUSH REST, "ONE BOAT", "TWO BOATS", FORD, TOLL, or None for
    business alone; `pace` is TOLL's pace (EASY STEADY PUSH REST). `home` is "turn for home"."""

    order: str | None = None
    pace: str | None = None
    meal: int = 0
    sell: int = 0
    trade: int = 0
    shoe: bool = False
    hire: int = 0  # how many HIREs this morning
    roof: bool = False
    park: bool = False
    home: bool = False

    @property
    def has_business(self) -> bool:
        return bool(self.meal or self.sell or self.trade or self.shoe or self.hire or self.roof or self.park)


class Refused(Exception):
    """The action is not allowed here (nothing happens)."""


def ledger(s: Drove) -> str:
    crew = ",".join(s.crew)
    laid = ",".join(s.laid) if s.laid else "none"
    return (
        f"[L] turn:{s.turn} day:{s.day}/20 mile:{s.mile}/179 @{place_token(s.mile)} | "
        f"head:{s.head} flesh:{s.flesh}/6 meal:{s.meal} silver:{s.silver} | "
        f"wear:{s.wear}/5 crew:{crew} laid:{laid} | "
        f"spate:{s.spate}/3 shod:{'y' if s.shod else 'n'} tape:{s.tape} | v1.0.0"
    )


def save_block(s: Drove) -> str:
    crew = ",".join(s.crew)
    laid = ",".join(s.laid) if s.laid else "none"
    return "\n".join(
        [
            "-----BEGIN AIGC SAVE-----",
            f"game:cattle-trail m:drove rules:1 v:1.0.0 turn:{s.turn} day:{s.day}/20 mile:{s.mile}",
            f"head:{s.head} flesh:{s.flesh} meal:{s.meal} silver:{s.silver} wear:{s.wear} "
            f"spate:{s.spate} shod:{'y' if s.shod else 'n'}",
            f"crew:{crew} laid:{laid}",
            "sha:none",
            "-----END AIGC SAVE-----",
        ]
    )


def result_line(s: Drove) -> str:
    assert s.end is not None
    return (
        f"RESULT: AIGC|cattle-trail|drove|v1.0.0|end:{s.end}|ch:1|turns:{s.turn}|"
        f"score:{s.score}|tape:{s.tape}|sha:none"
    )


def sold_score(s: Drove) -> int:
    """SCORING: "HEAD × (FLESH + 4) ÷ 6, rounded down, −10 for each hand laid up; sold on day 21,
    count FLESH one less, not below 0. Clamp 1–100." (ruling 11: round, then −10s, then clamp)."""
    flesh = max(0, s.flesh - 1) if s.day == 21 else s.flesh
    return clamp(s.head * (flesh + 4) // 6 - 10 * len(s.laid), 1, 100)


# ---- the morning's business ------------------------------------------------------------------


def business(s: Drove, a: Act) -> tuple[Drove, bool, bool]:
    """STORES, in ruling 7's order: SELL, TRADE, SHOE, HIRE, ROOF/PARK, MEAL. Returns the drove,
    and whether a ROOF and a PARK are bought for the day's REST."""
    if not a.has_business:
        return s, False, False
    if s.mile not in STORES:
        raise Refused("business only at a store")
    at_smiddy_or_town = s.mile in (SMIDDY, TOWN)
    if (a.sell or a.trade or a.hire) and not at_smiddy_or_town:
        raise Refused("SELL, TRADE and HIRE at the Smiddy and the town")
    if a.shoe and s.mile != SMIDDY:
        raise Refused("SHOE at the Smiddy")
    if a.park and s.mile != TOWN:
        raise Refused("PARK at the town")
    if (a.roof or a.park) and a.order != "REST":
        raise Refused("ROOF and PARK only as that day's REST")
    if a.sell + a.trade > s.head:
        raise Refused("at most the herd")
    # SELL n: "3 silver a beast, at most the herd".
    if a.sell:
        s = s.add(head=-a.sell, silver=3 * a.sell)
    # TRADE n: "SELL n, then MEAL 3n as far as the bag goes" (ruling 6: silver not spent is kept).
    if a.trade:
        s = s.add(head=-a.trade, silver=3 * a.trade)
        buy = min(3 * a.trade, 12 - s.meal, s.silver)
        s = s.add(meal=buy, silver=-buy)
    # SHOE (Smiddy): "1 silver per 10 head or part, once" — priced after the morning's sale.
    if a.shoe and not s.shod:
        cost = per_ten(s.head)
        if s.silver >= cost:
            s = replace(s.add(silver=-cost), shod=True)
    # HIRE: "4 silver: Hector, then Morag … at most two hands on their feet (a third: refused)".
    for _ in range(a.hire):
        if s.hired < 2 and len(s.hands) < 2 and s.silver >= 4:
            s = replace(s.add(silver=-4), hands=(*s.hands, HIRES[s.hired]), hired=s.hired + 1)
    # ROOF 2, PARK 3, both 5; "A ROOF or PARK refused leaves a plain REST; with silver for one,
    # ROOF." (ruling 19).
    roof = park = False
    if a.roof and a.park:
        if s.silver >= 5:
            s, roof, park = s.add(silver=-5), True, True
        elif s.silver >= 2:
            s, roof = s.add(silver=-2), True
    elif a.roof:
        if s.silver >= 2:
            s, roof = s.add(silver=-2), True
    elif a.park:
        if s.silver >= 3:
            s, park = s.add(silver=-3), True
    # MEAL: "1 silver each, as far as the bag and silver go".
    if a.meal:
        buy = min(a.meal, 12 - s.meal, s.silver)
        s = s.add(meal=buy, silver=-buy)
    return s, roof, park


# ---- the day --------------------------------------------------------------------------------


def march_band(s: Drove, leg: str, b: str) -> Drove:
    """THE ROAD: the leg's BAD, HARD and GOOD lines. FAIR does nothing."""
    if b == "FAIR":
        return s
    if leg == "island":
        return {"BAD": lambda: s.add(head=-2), "HARD": lambda: s.add(flesh=-1),
                "GOOD": lambda: s.add(meal=+1)}[b]()
    if leg == "shore":
        return {"BAD": lambda: s.add(wear=+2), "HARD": lambda: s.add(flesh=-1),
                "GOOD": lambda: s.add(wear=-1)}[b]()
    if leg == "glen":
        return {"BAD": lambda: s.add(head=-2), "HARD": lambda: s.add(flesh=-1),
                "GOOD": lambda: s.add(meal=+2)}[b]()
    if leg == "pass":
        return {"BAD": lambda: s.add(head=-2, wear=+1), "HARD": lambda: s.add(wear=+1),
                "GOOD": lambda: s.add(wear=-1)}[b]()
    if leg == "moss":
        return {"BAD": lambda: s.add(head=-3, wear=+1), "HARD": lambda: s.add(head=-1),
                "GOOD": lambda: s.add(meal=+2)}[b]()
    if leg == "strath":
        if b == "BAD":
            # "BAD Bran runs off home; with no dog, HEAD −2" (ruling 1: no head the day he goes).
            return replace(s, bran=False) if s.bran else s.add(head=-2)
        return s.add(flesh=-1) if b == "HARD" else s.add(wear=-1)
    if leg == "lowroad":
        if b == "BAD":
            return s.add(flesh=-1 if s.shod else -2)
        if b == "HARD":
            return s if s.shod else s.add(flesh=-1)
        return s.add(meal=+1)
    raise ValueError(leg)


def march(s: Drove, pace: str, raw: int) -> Drove:
    """THE DAY 4, MARCH: "the pace's miles, stopping at the next landmark; the pace's FLESH and WEAR;
    then raw + shift, clamped 1–20 … on the leg walked" (ruling 13: pace first, clamped; ruling
    14: a march cut short keeps its pace, shift and band)."""
    miles, shift, flesh, wear = PACES[pace]
    leg = leg_at(s.mile)
    s = replace(s, mile=min(s.mile + miles, next_landmark(s.mile)))
    s = s.add(flesh=flesh)
    s = s.add(wear=wear)
    return march_band(s, leg, band(clamp(raw + shift, 1, 20)))


def rest(s: Drove, roof: bool, park: bool) -> Drove:
    """PACE: "REST — no miles, no band: FLESH +1, WEAR −1"; PARK FLESH +2, ROOF WEAR −2."""
    return s.add(flesh=2 if park else 1).add(wear=-2 if roof else -1)


def ford_band(s: Drove, b: str) -> Drove:
    """THE FORD: "BAD HEAD −6, MEAL −2, WEAR +1 … HARD HEAD −1, MEAL −1"."""
    if b == "BAD":
        return s.add(head=-6, meal=-2, wear=+1)
    if b == "HARD":
        return s.add(head=-1, meal=-1)
    return s


def legal_check(s: Drove, a: Act) -> None:
    """Raise Refused where the card does not allow the action here (ruling 42)."""
    if s.end is not None:
        raise Refused("the drove has ended")
    if a.home:
        if a.order or a.has_business:
            raise Refused("turn for home is a whole message")
        return
    if a.order is None:
        if not a.has_business:
            raise Refused("nothing asked")
        if a.roof or a.park:
            raise Refused("ROOF and PARK only as that day's REST")
    m = s.mile
    o = a.order
    if o in MARCHES:
        if m in (KYLE, FORD, BRIDGE):
            raise Refused("a pace at a crossing")
    elif o in ("ONE BOAT", "TWO BOATS"):
        if m != KYLE:
            raise Refused("boats only at the Kyle")
        if s.silver < (2 if o == "ONE BOAT" else 4):
            raise Refused("no credit")
    elif o == "FORD":
        if m not in (FORD, BRIDGE):
            raise Refused("FORD only at the ford and the bridge")
    elif o == "TOLL":
        if m != BRIDGE:
            raise Refused("TOLL only at the bridge")
        if a.pace not in (*MARCHES, "REST"):
            raise Refused("TOLL with no pace")
        if s.silver < per_ten(s.head):
            raise Refused("no part toll, no credit")
    elif o not in (None, "REST"):
        raise Refused(f"unknown order {o}")
    if a.has_business:
        # business() raises for the wrong store; check on a throwaway copy.
        business(s, a)


def apply(s: Drove, a: Act, tape: tuple[int, ...] = TAPE) -> Drove:
    """One reply. Raises Refused (and nothing changes) for an action the card does not allow.
    `tape` is the card's printed tape (another card file may print another)."""
    legal_check(s, a)
    if a.home:
        # "turn for home" (confirm once): the confirm line and the yes are two replies (ruling 4).
        return replace(s, turn=s.turn + 2, end="turned-home", score=0)
    s, roof, park = business(s, a)
    if a.order is None:
        # "Business alone: its confirm line." The confirm line and the yes are two replies, and
        # "No order, no value read."
        return replace(s, turn=s.turn + 2)
    s = replace(s, turn=s.turn + 1)
    s = run_day(s, a.order, a.pace, roof, park, tape)
    # "Reach it sooner: each day until day 20 is a REST there, in one reply." (ruling 3: each a
    # full REST day.)
    while s.end is None and s.mile == TRYST:
        s = run_day(s, "REST", None, False, False, tape)
    return s


def run_day(s: Drove, order: str, pace: str | None, roof: bool, park: bool, tape: tuple[int, ...]) -> Drove:
    """THE DAY 2–9 for day `s.day`; returns the drove at the next morning (or ended at dusk)."""
    dawn = s
    # 3) Read value n. SKY from the raw value.
    raw = tape[s.day - 1]
    s = replace(s, tape=s.tape + 1)
    the_sky = sky(raw)
    # 4) The work.
    under_roof = False
    if order in MARCHES:
        s = march(s, order, raw)
    elif order == "REST":
        s = rest(s, roof, park)
        under_roof = roof
    elif order in ("ONE BOAT", "TWO BOATS"):
        # THE KYLE: ONE BOAT 2 silver "the value as it stands", TWO BOATS 4 silver "+4"; "No SPATE
        # at sea"; "BAD HEAD −4, WEAR +1 … HARD HEAD −1"; over to 13 whatever the band.
        boats2 = order == "TWO BOATS"
        s = s.add(silver=-4 if boats2 else -2)
        b = band(clamp(raw + (4 if boats2 else 0), 1, 20))
        if b == "BAD":
            s = s.add(head=-4, wear=+1)
        elif b == "HARD":
            s = s.add(head=-1)
        s = replace(s, mile=KYLE + 1)
    elif order == "FORD":
        # THE FORD: "−3 per SPATE as the Ledger stood at dawn"; at the bridge "a further −2, and
        # the day ends at 119".
        shift = -3 * dawn.spate - (2 if s.mile == BRIDGE else 0)
        s = ford_band(s, band(clamp(raw + shift, 1, 20)))
        s = replace(s, mile=s.mile + 1)
    elif order == "TOLL":
        # "TOLL, 1 silver per 10 head or part: cross, then march the strath from mile 119 at the
        # pace named, or REST at 119" (ruling 2: full miles from 119; priced on HEAD at dawn).
        assert pace is not None
        s = s.add(silver=-per_ten(dawn.head))
        s = replace(s, mile=BRIDGE + 1)
        s = rest(s, False, False) if pace == "REST" else march(s, pace, raw)
    else:
        raise ValueError(order)
    # 5) Sky: "STORM WEAR +1 unless under a roof; STORM or RAIN SPATE +1; FAIR SPATE −1."
    if the_sky == "STORM" and not under_roof:
        s = s.add(wear=+1)
    s = s.add(spate=+1 if the_sky in ("STORM", "RAIN") else -1)
    # 6) "Eat 1 MEAL; with none to eat, WEAR +1."
    s = s.add(meal=-1) if s.meal > 0 else s.add(wear=+1)
    # 7) THE PARTY: "At WEAR 5 the first hand on their feet is laid up and WEAR falls to 3 … At
    # WEAR 5 with no hand on their feet: end:laid-up." (ruling 10: the day stops there.)
    if s.wear >= 5:
        if not s.hands:
            return replace(s, day=s.day + 1, end="laid-up", score=0)
        first = s.hands[0]
        s = replace(s, hands=s.hands[1:], laid=(*s.laid, first), wear=3)
    # 8) STRAYS: "1 beast strays for each one short of the crew the herd needs" (one on their feet
    # per 20 head or part; you and Bran count). Counted on HEAD here (ruling 21).
    need = -(-s.head // 20)
    short = need - len(s.crew)
    if short > 0:
        s = s.add(head=-short)
    # 9) THE TRYST (ruling 12: HEAD 0 is scattered before anything else).
    day = s.day
    s = replace(s, day=day + 1)  # the Ledger "shows the next morning" (ruling 5)
    if s.head == 0:
        return replace(s, end="scattered", score=0)
    if s.mile == TRYST and day >= 20:
        return replace(s, day=day + 1, end="sold", score=sold_score(replace(s, day=day)))
    if day >= 21:
        return replace(s, end="missed", score=0)
    return s


# ---- which orders are legal ------------------------------------------------------------------


def orders_here(s: Drove) -> list[Act]:
    """The day's orders the card allows from this morning, with no business."""
    if s.end is not None:
        return []
    if s.mile == KYLE:
        acts = [Act(order="REST"), Act(order="ONE BOAT"), Act(order="TWO BOATS")]
    elif s.mile == FORD:
        acts = [Act(order="REST"), Act(order="FORD")]
    elif s.mile == BRIDGE:
        acts = [Act(order="REST"), Act(order="FORD")]
        acts += [Act(order="TOLL", pace=p) for p in (*MARCHES, "REST")]
    else:
        acts = [Act(order=o) for o in (*MARCHES, "REST")]
    out = []
    for a in acts:
        try:
            legal_check(s, a)
        except Refused:
            continue
        out.append(a)
    return out


def errands_here(s: Drove) -> list[str]:
    """The store errands this place offers."""
    if s.mile == INN:
        return ["meal", "roof"]
    if s.mile == SMIDDY:
        return ["meal", "roof", "shoe", "hire", "sell", "trade"]
    if s.mile == TOWN:
        return ["meal", "roof", "hire", "sell", "trade", "park"]
    return []

