module github.com/loomlab/loomlab

go 1.26.8
