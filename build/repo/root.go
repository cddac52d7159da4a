// Package repo finds the Loomlab repository the build, its tests and the
// bench run in.
package repo

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
)

// Module is the module path go.mod declares.
const Module = "github.com/loomlab/loomlab"

// Root is the directory of the go.mod that declares Module, found from the
// working directory upwards.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.Contains(b, []byte("module "+Module+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run this from inside the loomlab repository (no go.mod for " + Module + " above the working directory)")
		}
		dir = parent
	}
}
