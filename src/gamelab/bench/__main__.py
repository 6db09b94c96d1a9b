"""Command line: ``python -m gamelab.bench [NAME ...] [--quick] [--json]``."""

from __future__ import annotations

import argparse
import json
import sys

from . import BENCHES, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamelab.bench", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"benches to run: {', '.join(BENCHES)}")
    parser.add_argument("--quick", action="store_true", help="smaller workloads, for a smoke run")
    parser.add_argument("--json", action="store_true", help="print one JSON list of rows")
    args = parser.parse_args(argv)
    rows = run(args.names, quick=args.quick)
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], indent=1))
    else:
        for row in rows:
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
