import NavStressKit
print("navstress")
