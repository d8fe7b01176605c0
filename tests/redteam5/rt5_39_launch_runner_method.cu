// A Runner class computes its block in the constructor from a width
// (dim3(width, 256 / width)) and launches from a method; the one Runner the
// program builds has width 64, so the kernel runs 64x4 and tile[ty][tx]
// runs past the 32-wide rows.
// launch: rt5_39_runner 2 64x4
__global__ void rt5_39_runner(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid & 7][tid >> 3] * 5 + tile[ty][tx];
}
#ifdef __CUDACC__
class Runner {
public:
    explicit Runner(int width) : block_(width, 256 / width), grid_(2) {}
    void launch(const int *in, int *out) const { rt5_39_runner<<<grid_, block_>>>(in, out, 0); }
private:
    dim3 block_;
    dim3 grid_;
};
void run(const int *in, int *out) {
    const Runner runner(64);
    runner.launch(in, out);
}
#endif
