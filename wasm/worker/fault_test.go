package main

import (
	"strings"
	"testing"
)

func TestFaultHook(t *testing.T) {
	if err := crashNext("draw"); err == nil || !strings.Contains(err.Error(), `"run" or "exit"`) {
		t.Fatalf("crashNext(draw) = %v, want a refusal naming the choices", err)
	}
	if f := takeFault(); f != "" {
		t.Fatalf("a refused crashNext armed %q", f)
	}
	if err := crashNext("run"); err != nil {
		t.Fatal(err)
	}
	f := takeFault()
	if f != faultRun || takeFault() != "" {
		t.Fatalf("takeFault = %q then not cleared", f)
	}
	f.fire(faultExit) // not armed for exit: no panic
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `crashNext("run")`) {
			t.Fatalf("fire(run) recovered %v", r)
		}
	}()
	f.fire(faultRun)
}
