"""A small Botzone bot for Chinese Standard Mahjong (国标), written for fzsim's tests and docs.

It speaks Botzone's protocol on stdin / stdout: by default the JSON interaction, one request per
run (``{"requests": [...], "responses": [...]}`` in, ``{"response": "..."}`` out); with
``--simple`` the simple interaction (the turn count, then the requests and responses line by line);
with ``--keep-running`` it stays up, printing ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after each
answer and reading each later request alone (a JSON string, or a line with ``--simple``).

Its play: it keeps track of its hand from the requests, never claims, discards the tile with the
fewest neighbours in its hand (honours first), and declares HU when the fan calculator of
PyMahjongGB (Botzone's own, ``import MahjongGB``) counts at least 8 fans without the situation
fans it cannot see; without PyMahjongGB it declares only 七对 (24 fans). It is meant to be a
weak, simple, legal player. ``--crash``, ``--sleep S``, ``--illegal`` and ``--garbage`` make it misbehave
(for the tests of fzsim's error handling).
"""
import json
import sys
import time
from collections import Counter

KEEP = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
ARGS = sys.argv[1:]

try:
    from MahjongGB import MahjongFanCalculator
except ImportError:
    MahjongFanCalculator = None


def neighbours(tile, hand):
    """How many tiles of the hand are the same or within two ranks in the same suit."""
    if tile[0] in "FJ":
        return hand[tile] - 1
    suit, rank = tile[0], int(tile[1])
    return sum(hand.get(f"{suit}{r}", 0) for r in range(rank - 2, rank + 3)) - 1


def wins(hand, tile, selfdrawn, me, quan):
    """Whether hand (13 tiles) + tile is a legal win of at least 8 fans (or a 七对)."""
    if MahjongFanCalculator is not None:
        try:
            fans = MahjongFanCalculator(pack=(), hand=tuple(hand.elements()), winTile=tile, flowerCount=0,
                                        isSelfDrawn=selfdrawn, is4thTile=False, isAboutKong=False,
                                        isWallLast=False, seatWind=me, prevalentWind=quan)
        except TypeError:
            return False
        return sum(f[0] for f in fans) >= 8
    full = hand + Counter([tile])
    return sum(full.values()) == 14 and all(c in (2, 4) for c in full.values())


def answer(requests, responses):
    """The response to the last request, from the whole history."""
    if len(requests) < 3:
        return "PASS"
    _, me, quan = map(int, requests[0].split())
    hand = Counter(requests[1].split()[5:18])
    for i, req in enumerate(requests[2:-1], start=2):
        words = req.split()
        if words[0] == "2":
            hand[words[1]] += 1
            reply = responses[i].split()
            if reply and reply[0] == "PLAY":
                hand[reply[1]] -= 1
    hand = +hand
    words = requests[-1].split()
    if words[0] == "2":                     # my draw: the 13 tiles before it, then the 14
        drawn = words[1]
        if wins(hand, drawn, True, me, quan):
            return "HU"
        hand[drawn] += 1
        if "--illegal" in ARGS:
            return "PLAY W0"
        worst = min(hand, key=lambda t: (neighbours(t, hand), t[0] not in "FJ", t))
        return f"PLAY {worst}"
    if words[0] == "3" and int(words[1]) != me and words[2] in ("PLAY", "PENG", "CHI"):
        if wins(hand, words[-1], False, me, quan):
            return "HU"
    return "PASS"


def main():
    if "--crash" in ARGS:
        sys.exit(3)
    simple = "--simple" in ARGS
    keep = "--keep-running" in ARGS
    if simple:
        n = int(sys.stdin.readline())
        lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)]
        requests, responses = lines[0::2], lines[1::2]
    else:
        first = json.loads(sys.stdin.readline())
        requests, responses = list(first["requests"]), list(first["responses"])
    while True:
        if "--sleep" in ARGS:
            time.sleep(float(ARGS[ARGS.index("--sleep") + 1]))
        reply = answer(requests, responses)
        if "--garbage" in ARGS:             # bytes that are neither UTF-8 nor JSON nor a move
            sys.stdout.flush()
            sys.stdout.buffer.write(b"\xff\xfe{not a move\n")
            sys.stdout.buffer.flush()
        else:
            print(reply if simple else json.dumps({"response": reply}), flush=True)
        if not keep:
            return
        print(KEEP, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        responses.append(reply)
        requests.append(line.rstrip("\n") if simple else json.loads(line))


if __name__ == "__main__":
    main()
