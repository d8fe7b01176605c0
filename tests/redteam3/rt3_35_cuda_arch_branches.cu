// Two code paths chosen by __CUDA_ARCH__: the device path (sm_80 and up)
// reads the tile transposed, the other path (older devices, and the host
// pass) reads half a row on. Each compile sees one of them.
// launch: rt3_35_cuda_arch_branches 2 32x8
__global__ void rt3_35_cuda_arch_branches(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    v = tile[tx % 16][ty] + tile[ty][tx];
#else
    v = tile[tx % 16][ty] + tile[ty][tx + 16];
#endif
    out[blockIdx.x * 256 + tid] = v;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_35_cuda_arch_branches<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
