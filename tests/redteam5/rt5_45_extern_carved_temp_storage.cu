// Dynamic shared memory carved by hand into a block primitive's TempStorage
// and a tail buffer: `auto &ts = *reinterpret_cast<TempStorage *>(raw)` and
// `float *tail = reinterpret_cast<float *>(raw + sizeof(TempStorage))`; the
// tail is then read at offsets that land back inside the TempStorage.
// launch: rt5_45_carved 2 32x8 0 0 smem=2048
struct BlockExchange {
    struct TempStorage { float buf[8][32]; };
};
__global__ void rt5_45_carved(const int *in, int *out, int p) {
    extern __shared__ unsigned char raw[];
    auto &ts = *reinterpret_cast<BlockExchange::TempStorage *>(raw);
    float *tail = reinterpret_cast<float *>(raw + sizeof(BlockExchange::TempStorage));
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    ts.buf[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 255);
    tail[tid] = (float)tid;
    __syncthreads();
    const float a = ts.buf[tx & 7][(ty << 2) | (tx >> 3)];
    const float b = tail[((tid * 7) & 255) - 256];
    out[blockIdx.x * 256 + tid] = __float_as_int(a * 512.0f + b);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_45_carved<<<2, dim3(32, 8), 2048>>>(in, out, 0); }
#endif
