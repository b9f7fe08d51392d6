# traverse/
