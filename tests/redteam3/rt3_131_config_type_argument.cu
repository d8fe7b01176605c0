// A kernel template over a config struct whose static constexpr member is
// the column skew (CUTLASS-style policies): CfgA 0, CfgB 16, each instance
// launched through a non-template entry kernel's own template call chain:
// the entries are thin __global__ wrappers of one __device__ body.
// launch: rt3_131_entry_a 2 32x8
// launch: rt3_131_entry_b 2 32x8 0 1024
struct CfgA {
    static constexpr int kSkew = 0;
};
struct CfgB {
    static constexpr int kSkew = 16;
};
template <typename Cfg>
__device__ void rt3_131_config_type_argument(const int *in, int *out) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + Cfg::kSkew];
}
__global__ void rt3_131_entry_a(const int *in, int *out, int p) { rt3_131_config_type_argument<CfgA>(in, out); }
__global__ void rt3_131_entry_b(const int *in, int *out, int p) { rt3_131_config_type_argument<CfgB>(in, out); }
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_131_entry_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt3_131_entry_b<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
