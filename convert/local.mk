# convert/
