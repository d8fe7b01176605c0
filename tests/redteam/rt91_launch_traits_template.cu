// Block sides from a traits class specialised per type (float: 64x4), reached through a host function template.
// launch: rt91_k 2 64x4
__global__ void rt91_k(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
template <typename T> struct Traits;
template <> struct Traits<float> { static const int kBlockX = 64; static const int kBlockY = 4; };
template <> struct Traits<int> { static const int kBlockX = 32; static const int kBlockY = 8; };
template <typename T>
void run(const int *in, int *out) { rt91_k<<<2, dim3(Traits<T>::kBlockX, Traits<T>::kBlockY)>>>(in, out, 0); }
void launch(const int *in, int *out) { run<float>(in, out); }
#endif
