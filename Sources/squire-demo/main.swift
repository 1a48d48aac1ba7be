import Squire

print("demo")
