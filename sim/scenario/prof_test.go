package scenario

import "testing"

func TestProfVTPooling(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	s, _ := Get("vt-pooling")
	_, err := s.Run("4g-pool", map[string]string{"warmup_s": "5", "measure_s": "5"}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
}
