# Shared by .ci/run and .ci/scaffold-check (sourced, not run).

# Runs the named npm scripts side by side: each one is mostly single-threaded, so two cores finish them
# in about half the time one after another takes. Each writes to its own log, printed whole once all have
# ended (in the order given, not interleaved); fails if any of them failed.
together() {
  local logs script failed=0 i
  local -a names=("$@") pids=()
  logs="$(mktemp -d)"
  for script in "${names[@]}"; do
    npm run "$script" >"$logs/$script.log" 2>&1 &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      echo "=== npm run ${names[$i]}: passed"
    else
      echo "=== npm run ${names[$i]}: FAILED"
      failed=1
    fi
    cat "$logs/${names[$i]}.log"
  done
  rm -rf "$logs"
  return "$failed"
}

# Runs a step and keeps its time for `timings`, so each run of CI gives the figures its speed is judged by.
declare -a STEP_TIMES=()
step() {
  local name="$1" started=$SECONDS status=0
  shift
  echo "=== $name"
  # Its status is passed on by hand: called where a failure is handled (`step … || …`), set -e is off.
  "$@" || status=$?
  STEP_TIMES+=("$(printf '%4d s  %s' $((SECONDS - started)) "$name")")
  return "$status"
}

timings() {
  echo "=== time per step"
  printf '%s\n' "${STEP_TIMES[@]}"
  printf '%4d s  in all\n' "$SECONDS"
}
