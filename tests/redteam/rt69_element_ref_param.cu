// A lambda takes elements by reference (int &x), in range: legal.
// launch: rt69_k 2 32x8
__global__ void rt69_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    auto bump = [](int &x, int by) { x += by; return x; };
    __syncthreads();
    if (ty == 0) { for (int r = 0; r < 32; ++r) bump(tile[r][tx], 1); }
    __syncthreads();
    int acc = tile[tx][ty] * 3 + tile[tx][(ty + 8) & 31];
    acc += bump(*&tile[tx][ty], 0);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt69_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
