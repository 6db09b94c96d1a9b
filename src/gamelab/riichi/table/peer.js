// gamelab's peer process: majiang-ai players, and majiang-core timed on the same data as gamelab.
//
// It speaks JSON lines over stdin/stdout, one answer line per request line (gamelab/riichi/table/peer.py
// is the other end). The npm packages are looked up in $GAMELAB_NPM_ROOT/node_modules, the cache folder
// the bench installs them into; nothing here is copied from them, they are only required.
//
// Requests:
//   {"cmd": "hello"}                               -> {"versions": {"majiang-core": ..., "majiang-ai": ...}}
//   {"cmd": "new", "slot": k}                      -> {}   a fresh majiang-ai player in slot k
//   {"cmd": "drop", "slot": k}                     -> {}
//   {"cmd": "msg", "slot": k, "notify": [...], "msg": {...}}
//        -> {"reply": {...}}  the notifications (kaigang) are shown first, then the message is answered
//   {"cmd": "time", "data": dir, "repeat": n, "hands": m}
//        -> {"seconds": {...}, "counts": {...}}   best-of-n CPU seconds of majiang-core on the data
"use strict";

const fs = require("fs");
const path = require("path");
const readline = require("readline");

const root = process.env.GAMELAB_NPM_ROOT || process.cwd();
const modules = path.join(root, "node_modules", "@kobalab");
const Majiang = require(path.join(modules, "majiang-core"));
const AI = require(path.join(modules, "majiang-ai"));

const players = new Map();

function version(name) {
    return JSON.parse(fs.readFileSync(path.join(modules, name, "package.json"), "utf8")).version;
}

function cpu() {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
}

function best(repeat, work) {
    let fastest = Infinity;
    for (let i = 0; i < repeat; i++) {
        const start = cpu();
        work();
        fastest = Math.min(fastest, cpu() - start);
    }
    return fastest;
}

function time(request) {
    const dir = path.join(request.data, "majiang");
    let tiles = [];
    for (let i = 1; i <= 4; i++) {
        const cases = JSON.parse(fs.readFileSync(path.join(dir, `xiangting_${i}.json`), "utf8"));
        tiles = tiles.concat(cases.map(c => c.q));
    }
    if (request.hands && request.hands < tiles.length) {
        const step = Math.floor(tiles.length / request.hands);
        tiles = tiles.filter((_, i) => i % step == 0).slice(0, request.hands);
    }
    let wins = JSON.parse(fs.readFileSync(path.join(dir, "hule.json"), "utf8"));
    if (request.wins && request.wins < wins.length) wins = wins.slice(0, request.wins);
    const repeat = request.repeat || 5;
    const strings = tiles.map(q => new Majiang.Shoupai(q).toString());
    const built = tiles.map(q => new Majiang.Shoupai(q));
    const winStrings = wins.map(c => c.in.shoupai);
    const rule = Majiang.rule();
    const scored = wins.map(c => [Majiang.Shoupai.fromString(c.in.shoupai), c.in.rongpai,
                                  Object.assign({}, c.in.param, { rule: rule })]);
    // building and parsing keep what they make (a list of hands), as a program using them would
    let kept = [];
    const seconds = {
        build: best(repeat, () => { kept = []; for (const q of tiles) kept.push(new Majiang.Shoupai(q)); }),
        parse: best(repeat, () => { kept = []; for (const s of winStrings) kept.push(Majiang.Shoupai.fromString(s)); }),
        shanten: best(repeat, () => { for (const s of built) Majiang.Util.xiangting(s); }),
        shanten_built_here: best(repeat, () => { for (const q of tiles) Majiang.Util.xiangting(new Majiang.Shoupai(q)); }),
        shanten_from_strings: best(repeat, () => { for (const s of strings) Majiang.Util.xiangting(Majiang.Shoupai.fromString(s)); }),
        score: best(Math.max(1, repeat - 2), () => { for (const [s, r, p] of scored) Majiang.Util.hule(s, r, p); }),
    };
    kept = null;
    return { seconds: seconds, counts: { hands: tiles.length, wins: wins.length } };
}

function handle(request) {
    switch (request.cmd) {
        case "hello":
            return { versions: { "majiang-core": version("majiang-core"), "majiang-ai": version("majiang-ai") } };
        case "new":
            players.set(request.slot, new AI());
            return {};
        case "drop":
            players.delete(request.slot);
            return {};
        case "msg": {
            const player = players.get(request.slot);
            if (!player) throw new Error(`no player in slot ${request.slot}`);
            for (const note of request.notify || []) player.action(note);
            let reply = null;
            player.action(request.msg, answer => { reply = answer || {}; });
            return { reply: reply || {} };
        }
        case "time":
            return time(request);
        default:
            throw new Error(`unknown request ${JSON.stringify(request.cmd)}`);
    }
}

readline.createInterface({ input: process.stdin }).on("line", line => {
    let answer;
    try {
        answer = handle(JSON.parse(line));
    } catch (error) {
        answer = { error: String(error && error.stack || error) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
});
