# The mutation score per file of a sorted gremlins list ("file:line:col
# STATUS TYPE" lines, written by `make mutants`): killed + timed out over
# every mutant, a mutant no test covers counting as a survivor. A mutant that
# does not compile (NOT_VIABLE) is no mutant and is left out.
{
	file = $1; sub(/:.*/, "", file)
	if ($2 == "NOT_VIABLE") next
	if (!(file in total)) order[n++] = file
	total[file]++; all++
	if ($2 == "KILLED" || $2 == "TIMED_OUT") { killed[file]++; allKilled++ }
	if ($2 == "LIVED") lived[file]++
	if ($2 == "NOT_COVERED") uncovered[file]++
	if ($2 == "TIMED_OUT") timedOut[file]++
}
END {
	printf "%-20s %7s %9s %6s %11s %7s %6s\n", "file", "killed", "timed_out", "lived", "not_covered", "total", "score"
	for (i = 0; i < n; i++) {
		f = order[i]
		printf "%-20s %7d %9d %6d %11d %7d %5.1f%%\n", f, killed[f] - timedOut[f], timedOut[f], lived[f], uncovered[f], total[f], 100 * killed[f] / total[f]
	}
	if (all > 0) printf "%-20s %7s %9s %6s %11s %7d %5.1f%%\n", "all", "", "", "", "", all, 100 * allKilled / all
}
