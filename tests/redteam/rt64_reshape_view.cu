// A reshaping view, reinterpret_cast<int (*)[16]>(tile): rows of 16 over rows of 32.
// launch: rt64_k 2 32x8
__global__ void rt64_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    int (*half)[16] = reinterpret_cast<int (*)[16]>(tile);
    int acc = tile[tx][ty] * 3 + tile[tx][(ty + 8) & 31];
    acc += half[tid % 64][tx % 16];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt64_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
