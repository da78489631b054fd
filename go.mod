module github.com/abtrace/abtrace

go 1.26
