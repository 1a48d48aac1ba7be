import Squire
print("demo")
