#!/usr/bin/env bash
# Runs each command given (one argument each) at the same time and waits for all of them; fails when
# any failed, after all have finished (so every command's messages are printed). npm test runs lint
# (ESLint, then Prettier) beside the type check: each is one process on one core, and the machine has two.
set -u
pids=()
for command in "$@"; do
  bash -c "$command" &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit "$status"
