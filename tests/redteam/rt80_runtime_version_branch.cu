// A device-side #if on CUDART_VERSION (nvcc 13 defines 13000; the host build
// defines none): the GPU build takes the flat walk. Only the GPU run can tell;
// rapcc must treat the version as unknown or keep the tile.
// launch: rt80_ver 2 32x8
__global__ void rt80_ver(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000
    int acc = tile[tx][ty] + tile[0][(tid * 4 + 1) % 1024];
#elif defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 13
    int acc = tile[tx][ty] + tile[1][(tid * 2) % 992];
#else
    int acc = tile[tx][ty] + tile[(tid * 4 + 1) / 32][(tid * 4 + 1) % 32];
#endif
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt80_ver<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
