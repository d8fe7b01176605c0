// threadIdx and blockDim copied into locals (auto t = threadIdx; const dim3
// bd = blockDim) and the lane from a __device__ function; a 64x4 launch, so
// tile[t.y][t.x] on an [8][32] tile leaves its row.
// launch: rt112_k 2 64x4
__device__ unsigned lane_id() { return threadIdx.x & 31u; }
__global__ void rt112_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const auto t = threadIdx;
    const dim3 bd = blockDim;
    const unsigned tid = t.y * bd.x + t.x;
    tile[tid / 32][lane_id() + (t.x & 32u) * 0] = 0;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    int acc = tile[t.y][t.x] + 2 * tile[t.x % 8][t.y];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt112_k<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
