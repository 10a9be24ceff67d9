#!/usr/bin/env python3
"""Counts the XML elements of every .storyboard file in a folder with xml.etree, the way
`navstress bench storyboards` counts them with XMLParser, and prints the best time of N passes
(seconds) and the count, as `seconds count`. Used as the Python reference of that benchmark."""
import os
import sys
import time
import xml.etree.ElementTree as ET

def count(paths):
    total = 0
    for path in paths:
        for _ in ET.iterparse(path, events=("start",)):
            total += 1
    return total

def main():
    folder = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    paths = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".storyboard"))
    best = None
    total = 0
    for _ in range(passes):
        start = time.perf_counter()
        total = count(paths)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"{best:.6f} {total}")

if __name__ == "__main__":
    main()
