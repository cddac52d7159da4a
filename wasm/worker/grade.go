package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/loomlab/loomlab/classroom"
	"github.com/loomlab/loomlab/sim/scenario"
)

// grade grades a classroom prediction: the page runs the exercise's runs
// (runFull, in parallel workers), then asks here for the verdict, so the
// one grader is classroom.Exercise.Grade and the answer is always the
// model's own result on those runs.
func grade(exerciseID, seedText, resultsJSON, answer string) (*classroom.Grade, error) {
	e, err := classroom.ExerciseByID(exerciseID)
	if err != nil {
		return nil, err
	}
	seed, err := strconv.ParseUint(seedText, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("grade: seed %q is not allowed: expected an integer from 0 to 18446744073709551615", seedText)
	}
	var results []*scenario.Result
	if err := json.Unmarshal([]byte(resultsJSON), &results); err != nil {
		return nil, fmt.Errorf("grade: results: %v", err)
	}
	return e.Grade(seed, results, answer)
}
