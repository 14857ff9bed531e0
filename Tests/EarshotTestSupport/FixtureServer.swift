import CSoup
