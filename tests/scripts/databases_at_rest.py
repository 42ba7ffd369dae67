#!/usr/bin/env python3
"""Every committed database keeps a rollback journal: a checkout gets no -wal and -shm files.

    databases_at_rest.py FOLDER...

Prints each database in another journal mode (write-ahead log) and exits 1 when there is one.
"""
import pathlib
import sqlite3
import sys


def main():
    found = 0
    checked = 0
    for folder in sys.argv[1:]:
        for path in sorted(pathlib.Path(folder).glob("*.db")):
            connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
            finally:
                connection.close()
            checked += 1
            if mode != "delete":
                print(f"{path}: journal mode '{mode}', not 'delete' (a committed database keeps a rollback journal; "
                      f"policytune restores it when it closes a file it found so; PRAGMA journal_mode = DELETE)")
                found += 1
    if checked == 0:
        print("no database found")
        return 1
    print(f"{checked} databases checked, {found} not in rollback-journal mode")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
