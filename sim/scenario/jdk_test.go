package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJDKBuildForAVersion(t *testing.T) {
	for v, want := range map[string]string{
		"17.0.15": "17", "17.0.12+7": "17", "17.0.11": "17.0.11", "17": "17.0.11",
		"21.0.4": "21", "21.0.3": "21.0.3", "21": "21.0.3", "25": "25", "25.0.1-ea": "25",
		"17.0.15+6-Debian-1deb12u1 (release)": "17",
	} {
		got, err := JDKBuildFor(v)
		require.NoError(t, err, v)
		assert.Equal(t, want, got, v)
		_, err = lookupJDK(got)
		assert.NoError(t, err, "%s names a build the jdk knobs know", got)
	}
	for _, v := range []string{"11.0.2", "1.8.0_392", "", "x", "22.0.1"} {
		_, err := JDKBuildFor(v)
		assert.Error(t, err, v)
	}
}

func TestJDKBuildsSetThePostScavengeCheck(t *testing.T) {
	for name, want := range map[string]bool{"17.0.11": true, "17": false, "21.0.3": true, "21": false, "25": false} {
		for _, sc := range []*Scenario{gcLab, vtPooling} {
			if _, ok := sc.Knob("jdk"); !ok {
				continue
			}
			if name[:2] == "17" && sc == vtPooling {
				continue // vt-pooling needs virtual threads
			}
			v, err := sc.Resolve("", map[string]string{"jdk": name})
			require.NoError(t, err, name)
			cfg, err := sc.Config(v)
			require.NoError(t, err, name)
			assert.Equal(t, want, cfg.JVM.PostScavengeFullGC, "%s jdk=%s", sc.ID, name)
		}
	}
}

// Every jdk knob says which build each of its values means.
func TestJDKKnobsNameTheirBuilds(t *testing.T) {
	for _, sc := range All() {
		k, ok := sc.Knob("jdk")
		if !ok {
			continue
		}
		for _, opt := range k.Options {
			b, err := lookupJDK(opt)
			require.NoError(t, err, "%s jdk=%s", sc.ID, opt)
			assert.True(t, strings.Contains(k.Help, opt+" = ") || strings.Contains(k.Help, opt+" ("),
				"%s: the jdk knob's help names no build for %s: %q", sc.ID, opt, k.Help)
			if b.Feature == 21 && !b.PostScavengeFullGC {
				assert.Contains(t, k.Help, "21.0.4 or later", "%s: which 21 update %s means", sc.ID, opt)
			}
		}
	}
}
