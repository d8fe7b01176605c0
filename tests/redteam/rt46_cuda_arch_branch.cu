// A device-side #if on __CUDA_ARCH__: the GPU build (sm_90) takes the flat
// walk, the host build takes the in-range read. Only the GPU run can tell;
// rapcc must model the branch nvcc takes or keep the tile.
// launch: rt46_arch 2 32x8
__global__ void rt46_arch(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    int acc = tile[tx][ty] + tile[0][(tid * 4 + 1) % 1024];
#else
    int acc = tile[tx][ty] + tile[(tid * 4 + 1) / 32][(tid * 4 + 1) % 32];
#endif
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt46_arch<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
