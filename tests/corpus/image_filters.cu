// rapcc-corpus: shared-arrays=3
// Image filters on RGBA8 images, written in modern C++ host style: a box
// blur reading through a 2-D texture object, a 3x3 Sobel filter on a
// shared tile with a one-pixel apron (indexed through a macro), and a
// colour-space conversion using the vector helpers of helper_math.h. The
// host uses std::vector, std::chrono, <iostream> and lambdas.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>
#include <helper_cuda.h>
#include <helper_math.h>

#define TILE_W 16
#define TILE_H 16
#define R 1
#define APRON_W (TILE_W + 2 * R)
#define APRON_H (TILE_H + 2 * R)
#define S(y, x) smem[(y) * APRON_W + (x)]

__device__ __forceinline__ float luminance(uchar4 p) { return 0.299f * p.x + 0.587f * p.y + 0.114f * p.z; }

__device__ __forceinline__ uchar4 to_uchar4(float4 v)
{
    return make_uchar4((unsigned char)clamp(v.x, 0.f, 255.f), (unsigned char)clamp(v.y, 0.f, 255.f),
                       (unsigned char)clamp(v.z, 0.f, 255.f), (unsigned char)clamp(v.w, 0.f, 255.f));
}

__global__ void box_blur(cudaTextureObject_t tex, uchar4 *out, int w, int h, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 acc = make_float4(0.f);
    for (int dy = -radius; dy <= radius; dy++)
        for (int dx = -radius; dx <= radius; dx++) acc += tex2D<float4>(tex, x + dx + 0.5f, y + dy + 0.5f);
    float n = (2 * radius + 1) * (2 * radius + 1);
    out[y * w + x] = to_uchar4(acc * (255.f / n));
}

__global__ void sobel(const uchar4 *__restrict__ in, unsigned char *__restrict__ out, int w, int h)
{
    __shared__ float smem[APRON_H * APRON_W];
    const int x0 = blockIdx.x * TILE_W - R;
    const int y0 = blockIdx.y * TILE_H - R;

    for (int i = threadIdx.y * TILE_W + threadIdx.x; i < APRON_W * APRON_H; i += TILE_W * TILE_H) {
        int sx = min(max(x0 + i % APRON_W, 0), w - 1);
        int sy = min(max(y0 + i / APRON_W, 0), h - 1);
        smem[i] = luminance(in[sy * w + sx]);
    }
    __syncthreads();

    const int tx = threadIdx.x + R, ty = threadIdx.y + R;
    float gx = -S(ty - 1, tx - 1) - 2.f * S(ty, tx - 1) - S(ty + 1, tx - 1) + S(ty - 1, tx + 1) + 2.f * S(ty, tx + 1) +
               S(ty + 1, tx + 1);
    float gy = -S(ty - 1, tx - 1) - 2.f * S(ty - 1, tx) - S(ty - 1, tx + 1) + S(ty + 1, tx - 1) + 2.f * S(ty + 1, tx) +
               S(ty + 1, tx + 1);
    int x = blockIdx.x * TILE_W + threadIdx.x, y = blockIdx.y * TILE_H + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = (unsigned char)fminf(sqrtf(gx * gx + gy * gy), 255.f);
}

// RGB -> YCbCr on a row of pixels staged as float3 structs in shared memory.
struct Pixel3 {
    float3 rgb;
    float alpha;
};

__global__ void rgb_to_ycbcr(const uchar4 *in, float4 *out, int n)
{
    __shared__ Pixel3 px[256];
    __shared__ float3 coeffs[3];
    if (threadIdx.x < 3) {
        const float3 c[3] = {make_float3(0.299f, 0.587f, 0.114f), make_float3(-0.168736f, -0.331264f, 0.5f),
                             make_float3(0.5f, -0.418688f, -0.081312f)};
        coeffs[threadIdx.x] = c[threadIdx.x];
    }
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        uchar4 p = in[i];
        px[threadIdx.x].rgb = make_float3(p.x, p.y, p.z);
        px[threadIdx.x].alpha = p.w;
    }
    __syncthreads();
    if (i < n) {
        Pixel3 &q = px[threadIdx.x];
        out[i] = make_float4(dot(coeffs[0], q.rgb), dot(coeffs[1], q.rgb) + 128.f, dot(coeffs[2], q.rgb) + 128.f,
                             q.alpha);
    }
}

class Timer {
public:
    void start() { t0_ = std::chrono::high_resolution_clock::now(); }
    double elapsed_ms() const
    {
        auto t1 = std::chrono::high_resolution_clock::now();
        return std::chrono::duration<double, std::milli>(t1 - t0_).count();
    }

private:
    std::chrono::high_resolution_clock::time_point t0_;
};

int main(int argc, char **argv)
{
    const int w = 1920, h = 1080;
    std::vector<uchar4> img(w * h);
    std::generate(img.begin(), img.end(), [n = 0]() mutable {
        ++n;
        return make_uchar4(n & 255, (n >> 8) & 255, (n >> 16) & 255, 255);
    });

    uchar4 *d_in, *d_out;
    unsigned char *d_edges;
    float4 *d_ycc;
    checkCudaErrors(cudaMalloc(&d_in, img.size() * sizeof(uchar4)));
    checkCudaErrors(cudaMalloc(&d_out, img.size() * sizeof(uchar4)));
    checkCudaErrors(cudaMalloc(&d_edges, img.size()));
    checkCudaErrors(cudaMalloc(&d_ycc, img.size() * sizeof(float4)));
    checkCudaErrors(cudaMemcpy(d_in, img.data(), img.size() * sizeof(uchar4), cudaMemcpyHostToDevice));

    cudaArray_t arr;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
    checkCudaErrors(cudaMallocArray(&arr, &desc, w, h));
    checkCudaErrors(cudaMemcpy2DToArray(arr, 0, 0, img.data(), w * sizeof(uchar4), w * sizeof(uchar4), h,
                                        cudaMemcpyHostToDevice));
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t tex = 0;
    checkCudaErrors(cudaCreateTextureObject(&tex, &res, &td, nullptr));

    dim3 block(TILE_W, TILE_H), grid((w + TILE_W - 1) / TILE_W, (h + TILE_H - 1) / TILE_H);
    Timer timer;
    std::vector<double> times;
    for (int rep = 0; rep < 5; rep++) {
        timer.start();
        box_blur<<<grid, block>>>(tex, d_out, w, h, 2);
        sobel<<<grid, block>>>(d_in, d_edges, w, h);
        rgb_to_ycbcr<<<(w * h + 255) / 256, 256>>>(d_in, d_ycc, w * h);
        checkCudaErrors(cudaDeviceSynchronize());
        times.push_back(timer.elapsed_ms());
    }
    std::sort(times.begin(), times.end());
    double mean = std::accumulate(times.begin(), times.end(), 0.0) / times.size();
    std::ostringstream report;
    report << std::fixed << std::setprecision(3) << "median " << times[times.size() / 2] << " ms, mean " << mean << " ms";
    std::cout << report.str() << std::endl;

    auto edges = std::make_unique<unsigned char[]>(img.size());
    checkCudaErrors(cudaMemcpy(edges.get(), d_edges, img.size(), cudaMemcpyDeviceToHost));
    size_t strong = std::count_if(edges.get(), edges.get() + img.size(), [](unsigned char e) { return e > 128; });
    std::cout << "strong edges: " << strong << "\n";

    checkCudaErrors(cudaDestroyTextureObject(tex));
    checkCudaErrors(cudaFreeArray(arr));
    checkCudaErrors(cudaFree(d_in));
    checkCudaErrors(cudaFree(d_out));
    checkCudaErrors(cudaFree(d_edges));
    checkCudaErrors(cudaFree(d_ycc));
    return 0;
}
