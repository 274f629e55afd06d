#!/usr/bin/env bash
# Repacks .devbench/app.tar.xz (made by /work/shared/tools/bench-machine/pack.sh) without the
# development tools the benchmarks never load (Biome, Redocly, dependency-cruiser, better-sqlite3's
# build intermediates): ~11 MB instead of ~40, so that .devbench (~56 MB) fits the benchmark
# machine's 64 MiB transfer limit together with the working tree. Run from the project root after
# `npm run build` and pack.sh:
#   bash bench/devbench-slim.sh
set -euo pipefail
[ -d .devbench ] && [ -d dist ] || { echo "run from the project root after npm run build and pack.sh"; exit 1; }
ex=()
for p in typescript vite playwright-core @esbuild esbuild react-dom react @types vitest @vitest rollup @rollup \
  @biomejs @redocly dependency-cruiser better-sqlite3/deps better-sqlite3/src \
  better-sqlite3/build/Release/obj better-sqlite3/build/Release/obj.target; do
  ex+=("--exclude=node_modules/$p")
done
tar "${ex[@]}" -cJf .devbench/app.tar.xz dist bin package.json $(ls -d demo-data bench web/dist 2>/dev/null) node_modules
du -sh .devbench/app.tar.xz .devbench
