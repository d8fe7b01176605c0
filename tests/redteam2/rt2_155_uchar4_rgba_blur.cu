// An RGBA image tile of uchar4 (4-byte pixels) with a one-pixel halo, a
// 3x3 box blur per channel.
// launch: rt2_155_uchar4_rgba_blur 2 32x8
__global__ void rt2_155_uchar4_rgba_blur(const int *in, int *out, int p) {
    __shared__ uchar4 px[10][34];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 10 * 34; i += 256) {
        const unsigned v = (unsigned)in[(blockIdx.x * 340 + i) & 4095];
        px[i / 34][i % 34] = make_uchar4(v & 255, (v >> 8) & 255, (v >> 16) & 127, 255);
    }
    __syncthreads();
    unsigned r = 0, g = 0, b = 0;
    for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) {
            const uchar4 q = px[ty + dy][tx + dx];
            r += q.x; g += q.y; b += q.z;
        }
    out[blockIdx.x * 256 + tid] = (int)((r / 9) | ((g / 9) << 8) | ((b / 9) << 16));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_155_uchar4_rgba_blur<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
