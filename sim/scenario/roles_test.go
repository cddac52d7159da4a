package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every figure says whether it is calibrated or predicted, and says what
// the profile says: a figure is calibrated exactly when a constant's Fits
// names it (or both sides of an ordering are calibrated). A constant newly
// fitted to a figure that is still marked predicted, or a figure marked
// calibrated that nothing was fitted to, fails here.
func TestFigureRolesFollowTheProfile(t *testing.T) {
	for _, s := range All() {
		assert.Empty(t, s.FitsErrors())
		for i, f := range s.Figures {
			assert.Contains(t, []Role{Calibrated, Predicted}, f.Role, "%s %s: every figure has a role", s.ID, f.Key())
			assert.Equal(t, s.FittedRole(i), f.Role, "%s %s: the role the profile's Fits give it", s.ID, f.Key())
		}
	}
}

func TestFittedRole(t *testing.T) {
	s := &Scenario{ID: "test",
		Figures: []Figure{
			{Case: "a", Metric: "m"}, {Case: "b", Metric: "m"}, {Case: "c", Metric: "m"},
			{Case: "a", Metric: "m", Than: "b", Cmp: ">"}, {Case: "a", Metric: "m", Than: "c", Cmp: ">"},
		},
		Profile: []Constant{{Name: "k", Fits: []string{"a m"}}, {Name: "j", Fits: []string{"b m", "b > x m"}}},
	}
	want := []Role{Calibrated, Calibrated, Predicted, Calibrated, Predicted}
	for i := range s.Figures {
		assert.Equal(t, want[i], s.FittedRole(i), s.Figures[i].Key())
	}
	assert.Len(t, s.FitsErrors(), 1, "a Fits name that is no figure is reported")
}

func TestRoleSummary(t *testing.T) {
	checks := []Check{
		{Role: "predicted", Status: "pass"}, {Role: "predicted", Status: "fail"},
		{Role: "predicted", Status: "deviation"}, {Role: "predicted", Status: "pass"},
		{Role: "calibrated", Status: "pass"}, {Role: "calibrated", Status: "fail"},
		{Role: "calibrated", Status: "deviation"},
	}
	assert.Equal(t, "4 predicted figures: 2 within tolerance, 1 outside it as a declared deviation, 1 failing; "+
		"3 calibrated (a profile constant was fitted to them): 1 within tolerance", SummarizeRoles(checks).String())
}

// The small-count tolerance: counting noise of the article's one run.
func TestCountTolerance(t *testing.T) {
	tol := Tolerance{Factor: 1.5, Count: true}
	for _, c := range []struct {
		article, model float64
		ok             bool
	}{
		{0, 0, true}, {0, 2, true}, {0, 3, false}, {0, 5, false},
		{4, 8, true}, {4, 9, false}, {4, 0, true},
		{461, 382, true}, {461, 300, false}, {435, 505, true},
	} {
		assert.Equal(t, c.ok, tol.OK(c.article, c.model), "%v vs %v", c.article, c.model)
	}
}
