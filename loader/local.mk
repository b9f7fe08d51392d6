# loader/
