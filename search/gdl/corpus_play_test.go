package gdl

func corpusPlay(d *Description) error { return nil }
