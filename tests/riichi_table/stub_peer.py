"""A stand-in for the node peer (gamelab/riichi/table/peer.js) in the bridge tests: the same JSON-lines
protocol, players that keep every message they get and discard the tile they just drew.

Extra requests for the tests: ``{"cmd": "log", "slot": k}`` returns what slot k received (notifications
marked ``{"note": ...}``) and the replies it gave; ``{"cmd": "fail"}`` answers with an error.
"""

from __future__ import annotations

import json
import sys

received: dict[int, list[dict]] = {}
seats: dict[int, int] = {}
ids: dict[int, int] = {}


def answer(request: dict) -> dict:
    cmd = request["cmd"]
    if cmd == "hello":
        return {"versions": {"majiang-core": "stub", "majiang-ai": "stub"}}
    if cmd == "new":
        received[request["slot"]] = []
        return {}
    if cmd == "drop":
        return {}
    if cmd == "log":
        return {"log": received[request["slot"]]}
    if cmd == "msg":
        slot = request["slot"]
        log = received[slot]
        log += [{"note": note} for note in request["notify"]]
        message = request["msg"]
        log.append(message)
        reply: dict = {}
        if "kaiju" in message:
            ids[slot] = message["kaiju"]["id"]
            seats[slot] = -1
        elif "qipai" in message:
            seats[slot] = next(i for i, text in enumerate(message["qipai"]["shoupai"]) if text)
        elif "zimo" in message and message["zimo"]["l"] == seats[slot]:
            reply = {"dapai": message["zimo"]["p"] + "_"}
        log.append({"reply": reply})
        return {"reply": reply}
    if cmd == "fail":
        return {"error": "asked to fail"}
    return {"error": f"unknown request {cmd!r}"}


if __name__ == "__main__":
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))), flush=True)
