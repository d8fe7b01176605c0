// A launch from a destructor (RAII: the work runs when the scope closes).
// launch: rt2_62_launch_in_destructor 2 64x4
__global__ void rt2_62_launch_in_destructor(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
class Deferred {
    const int *in_; int *out_; dim3 block_;
public:
    Deferred(const int *in, int *out, dim3 block) : in_(in), out_(out), block_(block) {}
    ~Deferred() { rt2_62_launch_in_destructor<<<2, block_>>>(in_, out_, 0); }
};
void launch(const int *in, int *out) { Deferred d(in, out, dim3(64, 4)); }
#endif
