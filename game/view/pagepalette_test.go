package view

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The page's charts draw the picture's meanings in CSS colours of their
// own (web/palette.css: darker shades that read as lines on a light card;
// web/theme.css: the high-contrast theme; web/src/charts.ts: the fallback
// when a variable is missing). These tests keep that copy in the canvas's
// grammar: a page colour for a meaning the canvas does not have, or in
// another hue than the canvas's, would make one colour mean two things
// across the picture and its charts (the page drew the carrier's OS thread
// blue after the canvas made it a pale outline).

// pageMeanings maps the page's --m-NAME variables to the canvas's meanings.
var pageMeanings = map[string]Meaning{
	"virtual":      MeanVirtual,
	"platform":     MeanPlatform,
	"carrier-os":   MeanCarrierOS,
	"on-cpu":       MeanOnCPU,
	"request":      MeanRequest,
	"thread-local": MeanThreadLocal,
	"thread-obj":   MeanThreadObj,
	"chunk":        MeanChunkData,
	"app":          MeanApp,
	"garbage":      MeanGarbage,
	"gc":           MeanGC,
}

var cssMeaningVar = regexp.MustCompile(`--m-([a-z-]+):\s*#([0-9a-fA-F]{6})\s*;`)

// cssBlock returns the declarations of the first rule of file whose
// selector is selector.
func cssBlock(t *testing.T, file, selector string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, selector+" {")
	if i < 0 {
		t.Fatalf("%s has no rule %q", file, selector)
	}
	s = s[i:]
	return s[:strings.Index(s, "}")]
}

// pageColours parses the --m-NAME: #rrggbb declarations of a CSS block.
func pageColours(t *testing.T, block string) map[string]Color {
	t.Helper()
	out := map[string]Color{}
	for _, m := range cssMeaningVar.FindAllStringSubmatch(block, -1) {
		v, err := strconv.ParseUint(m[2], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		out[m[1]] = RGB(uint32(v))
	}
	if len(out) == 0 {
		t.Fatal("no --m- colours found")
	}
	return out
}

// hueChroma returns c's hue (degrees) and chroma (max − min channel,
// 0..1): chroma, not HSL saturation, tells a pale tint (the canvas's
// near-white carrier outline) from a colour.
func hueChroma(c Color) (h, chroma float64) {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	d := mx - mn
	if d == 0 {
		return 0, 0
	}
	switch mx {
	case r:
		h = math.Mod((g-b)/d+6, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return h * 60, d
}

// sameFamily reports whether a page shade and a canvas colour read as the
// same colour: both greys (or near-white tints), or both colours with hues
// within 20°.
func sameFamily(page, canvas Color) bool {
	const grey = 0.15
	hp, cp := hueChroma(page)
	hc, cc := hueChroma(canvas)
	if cp < grey || cc < grey {
		return cp < grey && cc < grey
	}
	d := math.Abs(hp - hc)
	return math.Min(d, 360-d) <= 20
}

func TestPagePaletteFollowsCanvas(t *testing.T) {
	page := pageColours(t, cssBlock(t, "../../web/palette.css", ":root"))
	for name, c := range page {
		m, ok := pageMeanings[name]
		if !ok {
			t.Errorf("web/palette.css: --m-%s is no meaning of the canvas's grammar", name)
			continue
		}
		if want := m.Color(&OkabeIto); !sameFamily(c, want) {
			t.Errorf("web/palette.css: --m-%s %v is not in the hue of the canvas's %q %v", name, c, m.Label(), want)
		}
	}
	// The high-contrast theme uses the canvas's own colours (black on black).
	hc := pageColours(t, cssBlock(t, "../../web/theme.css", ":root[data-theme=high-contrast]"))
	for name, c := range hc {
		m, ok := pageMeanings[name]
		if !ok {
			t.Errorf("web/theme.css: --m-%s is no meaning of the canvas's grammar", name)
			continue
		}
		if want := m.Color(&HighContrast); c != want {
			t.Errorf("web/theme.css: --m-%s %v, the canvas's high-contrast %q is %v", name, c, m.Label(), want)
		}
	}
	for name := range page {
		if _, ok := hc[name]; !ok {
			t.Errorf("--m-%s has no high-contrast value in web/theme.css", name)
		}
	}
	// The charts' fallbacks (a variable missing) are palette.css's values.
	b, err := os.ReadFile("../../web/src/charts.ts")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "const meaningFallback")
	if i < 0 {
		t.Fatal("web/src/charts.ts has no meaningFallback")
	}
	block := src[i : i+strings.Index(src[i:], "};")]
	fallback := regexp.MustCompile(`"?([a-z-]+)"?:\s*"#([0-9a-fA-F]{6})"`).FindAllStringSubmatch(block, -1)
	if len(fallback) != len(page) {
		t.Errorf("web/src/charts.ts has %d fallback colours, web/palette.css %d meanings", len(fallback), len(page))
	}
	for _, m := range fallback {
		v, _ := strconv.ParseUint(m[2], 16, 32)
		if c, ok := page[m[1]]; !ok || c != RGB(uint32(v)) {
			t.Errorf("web/src/charts.ts: fallback %s #%s, web/palette.css has %v", m[1], m[2], c)
		}
	}
}

// The family test itself: the shades the page chose pass, a blue carrier
// against the canvas's pale outline and a yellow-green against pale green
// fail.
func TestSameFamily(t *testing.T) {
	if !sameFamily(RGB(0x1f7fb8), OkabeIto.Virtual) || !sameFamily(RGB(0x5c6b7a), OkabeIto.Pause) {
		t.Error("the page's virtual-thread blue or its GC slate is not in the canvas's family")
	}
	if sameFamily(RGB(0x0072b2), OkabeIto.CarrierOS) || sameFamily(RGB(0x6b7a00), OkabeIto.Request) {
		t.Error("a blue carrier or a yellow-green request passed as the canvas's colour")
	}
}
