#!/usr/bin/env python3
"""Tests tools/pcpp_history_price.py on a small git repository built here in the shape of
pc-part-dataset's history (a 2021 data/raw JSON snapshot, a 2023 data/json snapshot, a 2024
snapshot with both data/csv and data/json), so that CI needs no clone of the real data set.
Checks: dates and commits come from git, rows are pinned by exact name and --where (numbers match
across "1200 W", 1200 and "1200"), an out-of-stock row prints "-", a commit with CSV and JSON is
read once, and a name no snapshot lists exits 1."""
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "pcpp_history_price.py")


def git(repo, *args, date=None):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date + "T12:00:00"
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True, env=env).stdout


def write(repo, path, text):
    os.makedirs(os.path.dirname(os.path.join(repo, path)), exist_ok=True)
    with open(os.path.join(repo, path), "w") as f:
        f.write(text)


class HistoryTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        r = cls.repo = cls.tmp.name
        git(r, "init", "-q")
        write(r, "data/raw/power-supply.json",
              '[{"name": "Thor", "price_usd": 280.0, "wattage": "1200 W"},'
              ' {"name": "Thor", "price_usd": 200.0, "wattage": "850 W"}]')
        git(r, "add", "-A")
        git(r, "commit", "-qm", "raw", date="2021-07-11")
        write(r, "data/json/power-supply.json",
              '[{"name": "Thor", "price": 299.5, "wattage": 1200}, {"name": "Thor II", "price": 1, "wattage": 1200}]')
        git(r, "add", "-A")
        git(r, "commit", "-qm", "json", date="2023-07-05")
        write(r, "data/csv/power-supply.csv", "name,price,wattage\nThor,,1200\nThor,190.5,850\n")
        write(r, "data/json/power-supply.json",
              '[{"name": "Thor", "price": null, "wattage": 1200}, {"name": "Thor", "price": 190.5, "wattage": 850}]')
        git(r, "add", "-A")
        git(r, "commit", "-qm", "csv", date="2024-05-14")
        cls.commits = git(r, "log", "--format=%H").split()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_tool(self, *args):
        return subprocess.run([sys.executable, TOOL, self.repo, "power-supply", *args], capture_output=True, text=True)

    def test_every_snapshot_newest_first(self):
        out = self.run_tool("Thor", "--where", "wattage=1200")
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = [line.split()[:4] for line in out.stdout.splitlines()]
        newest, middle, oldest = self.commits
        self.assertEqual(lines, [["2024-05-14", newest, "-", "data/csv/power-supply.csv"],
                                 ["2023-07-05", middle, "299.5", "data/json/power-supply.json"],
                                 ["2021-07-11", oldest, "280.0", "data/raw/power-supply.json"]])

    def test_in_stock_and_exact_name(self):
        out = self.run_tool("Thor", "--where", "wattage=1200", "--in-stock")
        self.assertEqual([line.split()[2] for line in out.stdout.splitlines()], ["299.5", "280.0"])

    def test_unknown_name(self):
        out = self.run_tool("Thor III")
        self.assertEqual(out.returncode, 1)
        self.assertIn("no snapshot lists", out.stderr)


if __name__ == "__main__":
    unittest.main()
