// Command exits prints its arguments and exits with the status its first
// argument names, so that wasmexec's test can see both come through.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	fmt.Println("args:", os.Args[1:])
	code, _ := strconv.Atoi(os.Args[1])
	os.Exit(code)
}
