import GPUOps
