"""The input list every Python anchor uses: the corpus folder's images, sorted by name.

Kept in one place so that all anchors see the same files in the same order (the order
matters for a pool: the 40 large JPEGs come first in the recipe's naming).
"""

import os

EXTENSIONS = (".jpg", ".jpeg", ".png")


def corpus_files(folder: str) -> list[str]:
    """Every .jpg/.jpeg/.png directly in folder (any case), sorted by name."""
    return sorted(os.path.join(folder, n) for n in os.listdir(folder)
                  if n.lower().endswith(EXTENSIONS))


def output_path(out_dir: str, path: str) -> str:
    """OUT/<stem>.jpg: the corpus has no two files with one stem."""
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + ".jpg")
