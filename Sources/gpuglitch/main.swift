// Placeholder entry point until the CLI lands (issue 5).
print("gpuglitch")
