dist_man_MANS += 
dist_man_MANS += man/emogi.7
