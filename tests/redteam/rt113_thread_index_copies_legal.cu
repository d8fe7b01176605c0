// The twin of rt112 at 32x8 without the extra store: threadIdx copied into a
// local, tile[t.y][t.x] in range: legal, but rapcc keeps it: its stand-in
// threadIdx is clang's builtin, whose copy constructor is deleted, so the
// parse fails where nvcc (threadIdx a uint3) compiles.
// launch: rt113_k 2 32x8
__global__ void rt113_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const auto t = threadIdx;
    const dim3 bd = blockDim;
    const unsigned tid = t.y * bd.x + t.x;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    int acc = tile[t.y][t.x] + 2 * tile[t.x % 8][t.y * 4];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt113_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
